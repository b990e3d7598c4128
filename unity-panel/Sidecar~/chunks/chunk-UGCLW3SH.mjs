#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{__commonJS,__require}from"./chunk-EDGHGTU3.mjs";var require_node_process=__commonJS({"builtin-whole:node:process"(exports,module){module.exports=__require("node:process")}});export{require_node_process};
