#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult}from"./chunk-GMV2463U.mjs";import"./chunk-ZQBNM3Y4.mjs";import"./chunk-A334B23S.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult};
