#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{catalogCacheFile,readCatalogCache,writeCatalogCache}from"./chunk-XZC5ZNKK.mjs";import"./chunk-GST2MSHU.mjs";import"./chunk-XJRYOP7R.mjs";import"./chunk-YJ6EFHNA.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{catalogCacheFile,readCatalogCache,writeCatalogCache};
