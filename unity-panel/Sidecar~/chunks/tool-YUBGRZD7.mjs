#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult}from"./chunk-KS3AIUNP.mjs";import"./chunk-UXHTH6HB.mjs";import"./chunk-PJE77BY2.mjs";import"./chunk-2APICH33.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult};
