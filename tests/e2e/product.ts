// The browser tests start other products with the same helper the load bench uses.
export { freePort, startProduct, type StartedProduct } from "../../scripts/lib/product";
