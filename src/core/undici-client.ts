// The parts of undici that requests go through (the agent, Dispatcher#request), in one module that
// http.ts imports when the first request goes out. One import, not one per part: the bundle then
// holds them in one chunk instead of six, and each file loaded costs start-up time. FormData is in
// undici-formdata.ts, loaded for multipart uploads only.

import agent from 'undici/lib/dispatcher/agent.js';
import apiRequest from 'undici/lib/api/api-request.js';

export const Agent = agent;
/** undici's Dispatcher#request, called on our dispatcher. */
export const request = apiRequest;
