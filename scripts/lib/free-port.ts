// The service owns these (its crash tests need a fixed free port); the launcher and other tools use them from there.
export { freePort, isPortFree } from "../../service/tools/free-port";
