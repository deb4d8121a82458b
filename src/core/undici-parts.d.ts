// Types for the undici files undici-client.ts imports one by one (undici's typings cover only its index).
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  const request: (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  export default request;
}
declare module 'undici/lib/web/fetch/formdata.js' {
  import type { FormData } from 'undici';
  const formdata: { FormData: typeof FormData };
  export default formdata;
}
