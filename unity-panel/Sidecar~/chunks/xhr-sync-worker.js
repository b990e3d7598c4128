throw new Error("Synchronous XMLHttpRequest is not supported by the Agent Panel sidecar.");
