// The API's door to what needs Node (a listening server, createMock over it, the coverage command): src/api/README.md.
export { runCoverage } from "./coverage/command.js";
export { type CreateMockOptions, createMock, type Mock } from "./mock.js";
export { PortInUseError, type RunningServer, startServer } from "./server.js";
