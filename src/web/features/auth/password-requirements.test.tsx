import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordField } from './password-field';
import { PasswordRequirements } from './password-requirements';

afterEach(cleanup);

function requirementStates() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return Array.from(list.querySelectorAll('li')).map(
    (li) => `${li.textContent?.replace(/^(Done|Missing): /, '')}=${li.dataset.met}`,
  );
}

describe('PasswordRequirements', () => {
  it('marks each rule met or missing', () => {
    render(<PasswordRequirements password="abc1" />);
    expect(requirementStates()).toEqual([
      'At least 8 characters=false',
      'One uppercase letter=false',
      'One lowercase letter=true',
      'One number=true',
    ]);
    expect(screen.getByText('One number').textContent).toBe('Done: One number');
  });
});

describe('PasswordField with requirements', () => {
  function setup() {
    const user = userEvent.setup();
    render(
      <>
        <PasswordField label="Password" showRequirements />
        <input aria-label="Elsewhere" />
      </>,
    );
    return { user, input: screen.getByLabelText('Password') };
  }

  it('shows the checklist only while the field has focus', async () => {
    const { user, input } = setup();
    expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull();

    await user.click(input);
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toContain('requirements');

    await user.click(screen.getByLabelText('Elsewhere'));
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull(),
    );
    expect(input.getAttribute('aria-describedby')).toBeNull();
  });

  it('keeps the checklist in place until a press that took the focus has clicked', async () => {
    const user = userEvent.setup();
    const submitted = vi.fn();
    render(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submitted();
        }}
      >
        <PasswordField label="Password" showRequirements />
        <button type="submit">Create account</button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Create account' });
    await user.click(screen.getByLabelText('Password'));
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    // Pressed but not released: the button must not have moved yet.
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(submitted).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull(),
    );
  });

  it('ticks requirements as the user types', async () => {
    const { user, input } = setup();
    await user.click(input);
    expect(requirementStates().every((s) => s.endsWith('=false'))).toBe(true);

    await user.type(input, 'a');
    expect(requirementStates()).toEqual([
      'At least 8 characters=false',
      'One uppercase letter=false',
      'One lowercase letter=true',
      'One number=false',
    ]);

    await user.type(input, 'B3defgh');
    expect(requirementStates().every((s) => s.endsWith('=true'))).toBe(true);

    await user.clear(input);
    expect(requirementStates().every((s) => s.endsWith('=false'))).toBe(true);
  });

  it('never shows the checklist without showRequirements', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" />);
    await user.click(screen.getByLabelText('Password'));
    expect(screen.queryByRole('list', { name: 'Password requirements' })).toBeNull();
  });

  it('toggles visibility without losing focus or the checklist', async () => {
    const { user, input } = setup();
    await user.click(input);
    expect(input.getAttribute('type')).toBe('password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    expect(document.activeElement).toBe(input);
    expect(screen.getByRole('list', { name: 'Password requirements' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });
});
