#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{catalogCacheFile,readCatalogCache,writeCatalogCache}from"./chunk-U4WV5BK4.mjs";import"./chunk-XL5AGEFV.mjs";import"./chunk-FUXE4UCD.mjs";import"./chunk-S3LZYG6J.mjs";import"./chunk-XBQ3AEZW.mjs";import"./chunk-42LUYWPK.mjs";import"./chunk-PICAMDVZ.mjs";import"./chunk-SRFOXTJX.mjs";import"./chunk-7OGFDVFO.mjs";import"./chunk-EDGHGTU3.mjs";export{catalogCacheFile,readCatalogCache,writeCatalogCache};
