#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{AgentPanelError,guarded,hasCode,reportInternal,setInternalErrorLog}from"./chunk-XJRYOP7R.mjs";import"./chunk-EDGHGTU3.mjs";export{AgentPanelError,guarded,hasCode,reportInternal,setInternalErrorLog};
