#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{catalogCacheFile,readCatalogCache,writeCatalogCache}from"./chunk-6VM7ZXV3.mjs";import"./chunk-MOMRK32K.mjs";import"./chunk-CWBKRF2B.mjs";import"./chunk-XJRYOP7R.mjs";import"./chunk-UXHTH6HB.mjs";import"./chunk-PJE77BY2.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{catalogCacheFile,readCatalogCache,writeCatalogCache};
