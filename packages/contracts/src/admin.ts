// Contracts of the admin area: request and response schemas shared by its service and its remote.
export {};
