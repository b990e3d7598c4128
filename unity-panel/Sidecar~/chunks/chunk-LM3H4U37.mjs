#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{__commonJS,__require,__toESM}from"./chunk-EDGHGTU3.mjs";var require_node_fs=__commonJS({"builtin-whole:node:fs"(exports,module){module.exports=__require("node:fs")}});var fs=__toESM(require_node_fs(),1),READ_LANES=16,asked=!1;function widenThreadPool(){if(asked||(asked=!0,process.env.UV_THREADPOOL_SIZE!==void 0))return!1;process.env.UV_THREADPOOL_SIZE=String(READ_LANES);try{fs.access(".",()=>{})}finally{delete process.env.UV_THREADPOOL_SIZE}return!0}export{READ_LANES,widenThreadPool};
