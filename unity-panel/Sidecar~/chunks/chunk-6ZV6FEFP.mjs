#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{__require}from"./chunk-EDGHGTU3.mjs";var m=__require("node:fs"),statSync=m.statSync;export{statSync};
