#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{writeSync}from"node:fs";var SLICE=65536,streamed=!1,guarded=!1;function writeStdout(text,fd=1){if(streamed)return void stream().write(text+`
`);for(let at=0;at<=text.length;){let end=Math.min(text.length,at+SLICE),last=text.charCodeAt(end-1);end<text.length&&last>=55296&&last<=56319&&end--;let part=at===text.length?`
`:end===text.length?text.slice(at)+`
`:text.slice(at,end),rest=writePart(fd,part);if(rest==="closed")return;if(rest!==void 0){streamed=!0,stream().write(rest),end<text.length&&stream().write(text.slice(end)+`
`);return}if(end===text.length)return;at=end}}function writePart(fd,part){let at;try{at=writeSync(fd,part)}catch(err){return unwritten(err,Buffer.from(part,"utf8"))}return at>=Buffer.byteLength(part)?void 0:writeBytes(fd,Buffer.from(part,"utf8"),at)}function writeBytes(fd,bytes,at){try{for(;at<bytes.length;)at+=writeSync(fd,bytes,at,bytes.length-at);return}catch(err){return unwritten(err,Buffer.from(bytes.buffer,bytes.byteOffset+at,bytes.length-at))}}function unwritten(err,rest){let code=err.code;if(code==="EPIPE")return"closed";if(code!=="EAGAIN")throw err;return rest}function stream(){return guarded||(guarded=!0,process.stdout.on("error",err=>{if(err.code!=="EPIPE")throw err})),process.stdout}export{writeStdout};
