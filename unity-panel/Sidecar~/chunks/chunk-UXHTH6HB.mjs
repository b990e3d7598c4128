#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{ToolEntry}from"./chunk-PJE77BY2.mjs";function textResult(text,structured){return structured===void 0?{ok:!0,content:[{type:"text",text}]}:{ok:!0,content:[{type:"text",text}],structured}}function errorResult(code,message){return{ok:!1,content:[{type:"text",text:message}],error:{code,message}}}function toolEntry(input){return ToolEntry.parse(input)}export{textResult,errorResult,toolEntry};
