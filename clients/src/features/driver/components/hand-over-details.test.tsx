import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HandOverDetails, materialWhereabouts, type HandOverFacts } from './hand-over-details';

const facts: HandOverFacts = {
  fromLocation: 'south gate',
  toLocation: 'Boiler Bay - 2',
  rideState: 'material_picked',
  maintenanceComment: 'hydraulic leak',
  originalDriverName: 'Ravi Kumar',
  originalDriverMobile: '9000000011',
};

describe("a handed-over ride's breakdown context", () => {
  it("says where the material is by the state the ride was handed over in, and by the taker's own steps since", () => {
    expect(materialWhereabouts(facts)).toBe("Picked up — on Ravi Kumar's broken-down vehicle");
    expect(materialWhereabouts({ ...facts, rideState: 'started' })).toBe('Not picked up yet — at south gate');
    expect(materialWhereabouts({ ...facts, rideState: 'material_dropped' })).toBe('Already dropped at Boiler Bay - 2');
    expect(materialWhereabouts({ ...facts, rideState: 'started', status: 'material picked' })).toBe('Picked up — on your vehicle');
    expect(materialWhereabouts({ ...facts, status: 'delivered' })).toBe('Already dropped at Boiler Bay - 2');
  });

  it('shows the note and the first driver with a call link, and the name alone without a mobile', () => {
    const { unmount } = render(<HandOverDetails facts={facts} testId="h" />);
    expect(screen.getByTestId('h').textContent).toContain('hydraulic leak');
    expect(screen.getByRole('link', { name: 'Call Ravi Kumar on 9000000011' }).getAttribute('href')).toBe('tel:9000000011');
    unmount();
    render(<HandOverDetails facts={{ ...facts, originalDriverMobile: null }} testId="h" />);
    expect(screen.getByTestId('h').textContent).toContain('Ravi Kumar');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
