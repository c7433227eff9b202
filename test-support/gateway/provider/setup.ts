import { setResponseObserver } from "@/lib/gateway/response-observer";
import { observe } from "./observe";

// vitest setupFiles: every response the API gives in any test is checked against the provider's contract.
setResponseObserver(observe);
