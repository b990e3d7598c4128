#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
function bearerToken(header){return header===void 0?void 0:/^Bearer\s+(\S+)\s*$/i.exec(header)?.[1]}export{bearerToken};
