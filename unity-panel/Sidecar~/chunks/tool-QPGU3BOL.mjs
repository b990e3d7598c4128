#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult}from"./chunk-5SKUWZXD.mjs";import"./chunk-YJ6EFHNA.mjs";import"./chunk-3TLAQH4Z.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{COMPOSE_MML_ENTRY,composeMmlProvider,toToolResult};
