// Contracts of the progress area: request and response schemas shared by its service and its remote.
export {};
