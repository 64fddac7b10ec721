// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { keepRoomUnderPage, scrollClearOfBar } from './formClearance.ts';

describe('keeping the form clear of the status bar', () => {
  const header = 60;
  it('scrolls nothing when the form ends above the bar', () => {
    expect(scrollClearOfBar({ top: 300, bottom: 600 }, { top: 560, bottom: 590 }, 700, header)).toBe(0);
  });
  it('scrolls the form up until it ends above the bar', () => {
    expect(scrollClearOfBar({ top: 400, bottom: 760 }, { top: 720, bottom: 750 }, 740, header)).toBe(28);
  });
  it('scrolls only the button clear when the whole form does not fit above the bar', () => {
    expect(scrollClearOfBar({ top: 100, bottom: 830 }, { top: 790, bottom: 820 }, 765, header)).toBe(63);
  });
});

describe('the room under the page', () => {
  it('is the most that the status bar and the toasts showing want, and none once they are gone', () => {
    keepRoomUnderPage('status', 112);
    keepRoomUnderPage('toast-1', 150);
    expect(document.body.style.paddingBottom).toBe('150px');
    keepRoomUnderPage('toast-1', 0);
    expect(document.body.style.paddingBottom).toBe('112px');
    keepRoomUnderPage('status', 0);
    expect(document.body.style.paddingBottom).toBe('');
  });
});
