import { describe, expect, it } from 'vitest';
import { connectionStatus, useConnection } from './connection.store';

describe('The connection status the banner shows', () => {
  it('given the browser offline, then Offline whatever the socket last said', () => {
    expect(connectionStatus({ networkUp: false, socketUp: true })).toBe('offline');
    expect(connectionStatus({ networkUp: false, socketUp: false })).toBe('offline');
  });

  it('given the browser online, then Online with the socket up and Reconnecting without it', () => {
    expect(connectionStatus({ networkUp: true, socketUp: true })).toBe('online');
    expect(connectionStatus({ networkUp: true, socketUp: false })).toBe('reconnecting');
  });

  it('given an update, then its time is the last update', () => {
    useConnection.getState().updated(1_764_000_000_000);
    expect(useConnection.getState().lastUpdate).toBe(1_764_000_000_000);
  });
});
