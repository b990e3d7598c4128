#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
import{createHmac,randomBytes,timingSafeEqual}from"node:crypto";var CHALLENGE_PREFIX="agent-panel.challenge.",CHALLENGE_TIMEOUT_MS=5e3,CLOSE_AUTH_FAILED=4401,NONCE=/^[A-Za-z0-9_-]{22,128}$/;function clientNonceOf(offered){let nonce=offered.find(p=>p.startsWith(CHALLENGE_PREFIX))?.slice(CHALLENGE_PREFIX.length);return nonce!==void 0&&NONCE.test(nonce)?nonce:void 0}function isNonce(value){return typeof value=="string"&&NONCE.test(value)}function healthProof(token,port,nonce){return hmac(token,`agent-panel health v1
${port}
${nonce}`)}function mediaProof(token,port,path){return hmac(token,`agent-panel media v1
${port}
${path}`)}function proofMatches(given,expected){return typeof given=="string"&&proofEquals(given,expected)}function serverProof(token,port,clientNonce,serverNonce){return hmac(token,`agent-panel server v1
${port}
${clientNonce}
${serverNonce}`)}function clientProof(token,port,clientNonce,serverNonce){return hmac(token,`agent-panel client v1
${port}
${clientNonce}
${serverNonce}`)}function runChallenge(ws,token,port,clientNonce,authenticated,log,timeoutMs=CHALLENGE_TIMEOUT_MS){let serverNonce=randomBytes(24).toString("base64url"),fail=reason=>{cleanup(),log(`WebSocket authentication failed: ${reason}`),ws.close(CLOSE_AUTH_FAILED,`authentication failed: ${reason}`),setTimeout(()=>ws.terminate(),2e3).unref()},timer=setTimeout(()=>fail("no answer to the challenge"),timeoutMs);timer.unref();let onMessage=(data,isBinary)=>{if(isBinary)return fail("binary frame");let proof;try{let frame=JSON.parse(Buffer.isBuffer(data)?data.toString("utf8"):Buffer.concat(data).toString("utf8"));proof=frame.cmd==="auth"?frame.proof:void 0}catch{proof=void 0}if(typeof proof!="string")return fail('the first frame must be {"cmd":"auth","proof":\u2026}');if(!proofEquals(proof,clientProof(token,port,clientNonce,serverNonce)))return fail("wrong proof (wrong token, or the client dialled another port)");cleanup(),authenticated()},onClose=()=>cleanup();function cleanup(){clearTimeout(timer),ws.off("message",onMessage),ws.off("close",onClose)}ws.on("message",onMessage),ws.on("close",onClose),ws.send(JSON.stringify({kind:"auth.challenge",serverNonce,proof:serverProof(token,port,clientNonce,serverNonce)}))}function hmac(token,text){return createHmac("sha256",Buffer.from(token,"utf8")).update(text,"utf8").digest("base64url")}function proofEquals(given,expected){let a=Buffer.from(given,"utf8"),b=Buffer.from(expected,"utf8");return a.length===b.length&&timingSafeEqual(a,b)}export{clientNonceOf,isNonce,healthProof,mediaProof,proofMatches,runChallenge};
