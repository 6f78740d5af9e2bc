import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { iconFor } from './icons.tsx';

// The full set is some 800 modules (the gallery's search and pick are covered in the browser tests);
// loading it outlasts the default 5 s in a test run.
describe('icons by name', { timeout: 60_000 }, () => {
  it('draws a seeded icon at once, any other gallery icon once the full set is loaded, and nothing for a bad name', async () => {
    render(
      <div>
        <span data-testid="seeded">{iconFor('HomeOutlined')}</span>
        <span data-testid="lazy">{iconFor('RocketTwoTone')}</span>
      </div>,
    );
    expect(screen.getByTestId('seeded').querySelector('[aria-label="home"]')).not.toBeNull();
    await waitFor(() => expect(screen.getByTestId('lazy').querySelector('[aria-label="rocket"]')).not.toBeNull(), {
      timeout: 50_000,
    });
    expect(iconFor('alert("x")')).toBeUndefined();
    expect(iconFor('')).toBeUndefined();
  });
});
