#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
function tickCorker(socket){let corked=!1,uncork=()=>{corked=!1,socket?.uncork()};return()=>{!socket||corked||(corked=!0,socket.cork(),process.nextTick(uncork))}}export{tickCorker};
