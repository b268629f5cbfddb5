// Contracts of the billing area: request and response schemas shared by its service and its remote.
export {};
