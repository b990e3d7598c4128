#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult}from"./chunk-H2XTEH4M.mjs";import"./chunk-LQNPFIU2.mjs";import"./chunk-ZQBNM3Y4.mjs";import"./chunk-2LFYT3BW.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult};
