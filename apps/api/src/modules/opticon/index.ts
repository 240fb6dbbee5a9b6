// Public entry of the opticon module (see accounts/index.ts for the rule). Nothing is shared yet: its
// routes are registered by modules/index.ts.
export {};
