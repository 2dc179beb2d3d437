import { describe, expect, it } from 'vitest';
import { comboboxAction } from './combobox-keys';

const open = (active: number, count = 3) => ({ count, expanded: true, active });
const closed = { count: 3, expanded: false, active: -1 };

describe('comboboxAction', () => {
  it('opens on the first option with ArrowDown and on the last with ArrowUp', () => {
    expect(comboboxAction('ArrowDown', closed)).toEqual({ type: 'move', index: 0 });
    expect(comboboxAction('ArrowUp', closed)).toEqual({ type: 'move', index: 2 });
  });
  it('moves and wraps around', () => {
    expect(comboboxAction('ArrowDown', open(-1))).toEqual({ type: 'move', index: 0 });
    expect(comboboxAction('ArrowDown', open(1))).toEqual({ type: 'move', index: 2 });
    expect(comboboxAction('ArrowDown', open(2))).toEqual({ type: 'move', index: 0 });
    expect(comboboxAction('ArrowUp', open(0))).toEqual({ type: 'move', index: 2 });
    expect(comboboxAction('ArrowUp', open(2))).toEqual({ type: 'move', index: 1 });
  });
  it('picks the highlighted option with Enter, or lets the form submit', () => {
    expect(comboboxAction('Enter', open(1))).toEqual({ type: 'pick', index: 1 });
    expect(comboboxAction('Enter', open(-1))).toEqual({ type: 'none' });
    expect(comboboxAction('Enter', closed)).toEqual({ type: 'none' });
  });
  it('closes with Escape only when open', () => {
    expect(comboboxAction('Escape', open(0))).toEqual({ type: 'close' });
    expect(comboboxAction('Escape', closed)).toEqual({ type: 'none' });
  });
  it('does nothing without options or for other keys', () => {
    expect(comboboxAction('ArrowDown', { count: 0, expanded: false, active: -1 })).toEqual({
      type: 'none',
    });
    expect(comboboxAction('a', open(0))).toEqual({ type: 'none' });
  });
});
