import { act, render } from '@testing-library/react';
import { useState, type ComponentType, type ReactElement } from 'react';
import { expect, it, vi } from 'vitest';
import * as icons from './icons';

// The player renders on every time update while it plays: its icons (no props) are drawn once, not each time.
it.each(Object.entries(icons))('draws %s once however often the player renders', (_, Icon) => {
  // a memoised component keeps the function it draws with as its `type`
  const drawn = vi.spyOn(Icon as unknown as { type: () => ReactElement }, 'type');
  let tick = () => {};
  function Player() {
    const [time, setTime] = useState(0);
    tick = () => setTime((t) => t + 1);
    const Shown = Icon as ComponentType;
    return (
      <div data-time={time}>
        <Shown />
      </div>
    );
  }
  const { container } = render(<Player />);
  for (let i = 0; i < 3; i++) act(() => tick());

  expect(container.firstElementChild?.getAttribute('data-time')).toBe('3');
  expect(container.querySelector('svg')).not.toBeNull();
  expect(drawn).toHaveBeenCalledTimes(1);
});
