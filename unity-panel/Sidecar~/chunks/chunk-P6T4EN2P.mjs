#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
function bearerToken(header){return header===void 0?void 0:/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]}function tickCorker(socket){let corked=!1,uncork=()=>{corked=!1,socket?.uncork()};return()=>{!socket||corked||(corked=!0,socket.cork(),process.nextTick(uncork))}}export{bearerToken,tickCorker};
