#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{READ_LANES,widenThreadPool}from"./chunk-LM3H4U37.mjs";import"./chunk-EDGHGTU3.mjs";export{READ_LANES,widenThreadPool};
