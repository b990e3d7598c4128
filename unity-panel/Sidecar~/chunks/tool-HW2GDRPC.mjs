#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult}from"./chunk-P54RCOXD.mjs";import"./chunk-PICAMDVZ.mjs";import"./chunk-GXIQLD6G.mjs";import"./chunk-2LFYT3BW.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-7OGFDVFO.mjs";import"./chunk-EDGHGTU3.mjs";export{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult};
