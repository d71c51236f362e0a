// The service owns these (its crash tests run it as a process, as the launcher does); the launcher uses them from there.
export { startProcess, waitForHttp } from "../../service/tools/processes";
