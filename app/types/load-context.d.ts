import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    cspNonce: string;
  }
}
