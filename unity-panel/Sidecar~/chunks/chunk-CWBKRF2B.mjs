#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{randomBytes}from"node:crypto";import{renameSync,rmSync,writeFileSync}from"node:fs";function writeAtomic(path,data,mode){let temp=`${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;try{writeFileSync(temp,data,mode===void 0?{flag:"wx"}:{flag:"wx",mode}),renameSync(temp,path)}catch(err){throw rmSync(temp,{force:!0}),err}}export{writeAtomic};
