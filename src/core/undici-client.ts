// The parts of undici that requests go through (the agent, Dispatcher#request, FormData), in one
// module that http.ts imports when the first request goes out. One import, not one per part: the
// bundle then holds them in one chunk instead of six, and each file loaded costs start-up time.

import agent from 'undici/lib/dispatcher/agent.js';
import apiRequest from 'undici/lib/api/api-request.js';
import formdata from 'undici/lib/web/fetch/formdata.js';

export const Agent = agent;
/** undici's Dispatcher#request, called on our dispatcher. */
export const request = apiRequest;
export const FormData = formdata.FormData;
