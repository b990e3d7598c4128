#!/usr/bin/env node
import { createRequire as __apCreateRequire } from 'node:module';
const require = __apCreateRequire(import.meta.url);
function toolEffect(entry){let a=entry.annotations;return a.destructive?"destructive":a.readOnly!==void 0?a.readOnly?"read":"write":entry.provider==="unity"&&a.idempotency==="safe"?"read":"write"}export{toolEffect};
