export * from './beaconClient.ts';
export { HttpBeaconClient, type HttpBeaconClientOptions } from './httpBeaconClient.ts';
export { STATUS_CODE_OF_BEACON_STATUS, statusCodeOf, type BeaconStatusCode } from './validatorStatus.ts';
