// Passwords the tests use, in one place so the run's log scan (global-setup.ts) knows them.
export const PASSWORD = "test-password-123";
export const SINK_USER = "relay";
export const SINK_PASSWORD = "relay-password";
