#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
var AgentPanelError=class extends Error{constructor(code,message,options){super(message,options?.cause!==void 0?{cause:options.cause}:void 0);this.code=code;this.details=options?.details}code;name="AgentPanelError";details;toJSON(){let cause=this.cause instanceof Error?this.cause.message:this.cause===void 0?void 0:String(this.cause);return cause===void 0?{code:this.code,message:this.message}:{code:this.code,message:this.message,cause}}};export{AgentPanelError};
