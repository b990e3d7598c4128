#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{__commonJS,__require}from"./chunk-EDGHGTU3.mjs";var require_node_path=__commonJS({"builtin-whole:node:path"(exports,module){module.exports=__require("node:path")}});export{require_node_path};
