#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{__require}from"./chunk-EDGHGTU3.mjs";var m=__require("node:fs"),writeSync=m.writeSync;var SLICE=65536,streamed=!1,guarded=!1;function writeStdout(text,fd=1){if(streamed)return void stream().write(text+`
`);for(let at=0;at<=text.length;){let end=Math.min(text.length,at+SLICE),last=text.charCodeAt(end-1);end<text.length&&last>=55296&&last<=56319&&end--;let part=at===text.length?`
`:end===text.length?text.slice(at)+`
`:text.slice(at,end),rest=writePart(fd,part);if(rest==="closed")return;if(rest!==void 0){streamed=!0,stream().write(rest),end<text.length&&stream().write(text.slice(end)+`
`);return}if(end===text.length)return;at=end}}function writeStdoutBytes(bytes,fd=1){if(streamed)return void stream().write(Buffer.concat([bytes,NEWLINE]));for(let part of[bytes,NEWLINE]){let at=0;try{for(;at<part.length;)at+=writeSync(fd,part,at,part.length-at)}catch(err){let code=err.code;if(code==="EPIPE")return;if(code!=="EAGAIN")throw err;streamed=!0,stream().write(part===NEWLINE?NEWLINE:Buffer.concat([part.subarray(at),NEWLINE]));return}}}var NEWLINE=Buffer.from(`
`);function writePart(fd,part){let bytes,at=0;try{if(at=writeSync(fd,part),at>=Buffer.byteLength(part))return;for(bytes=Buffer.from(part,"utf8");at<bytes.length;)at+=writeSync(fd,bytes,at,bytes.length-at);return}catch(err){let code=err.code;if(code==="EPIPE")return"closed";if(code!=="EAGAIN")throw err;return(bytes??Buffer.from(part,"utf8")).subarray(at)}}function stream(){return guarded||(guarded=!0,process.stdout.on("error",err=>{if(err.code!=="EPIPE")throw err})),process.stdout}export{writeStdout,writeStdoutBytes};
