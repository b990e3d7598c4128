#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{__commonJS,__require}from"./chunk-EDGHGTU3.mjs";var require_node_crypto=__commonJS({"builtin-whole:node:crypto"(exports,module){module.exports=__require("node:crypto")}});export default require_node_crypto();
