#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{GeneratedAudio}from"./chunk-RTY5GYVX.mjs";import"./chunk-EDGHGTU3.mjs";export{GeneratedAudio};
