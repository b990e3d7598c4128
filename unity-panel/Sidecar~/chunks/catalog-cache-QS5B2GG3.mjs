#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{catalogCacheFile,readCatalogCache,writeCatalogCache}from"./chunk-4WRQ4KVE.mjs";import"./chunk-VFXFPXNF.mjs";import"./chunk-42LUYWPK.mjs";import"./chunk-ZQBNM3Y4.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-3MU5MRFR.mjs";import"./chunk-EDGHGTU3.mjs";export{catalogCacheFile,readCatalogCache,writeCatalogCache};
