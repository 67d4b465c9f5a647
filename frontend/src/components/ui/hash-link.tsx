import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { focusSection, scrollToSection } from '@/lib/hash-scroll';

/** Router state marking a hash navigation whose scrolling was already done by the link. */
export interface HashScrollState {
  hashScrolled?: boolean;
}

export interface HashLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** Id of a section on the home page, without '#', e.g. 'product'. */
  section: string;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link to a section of the home page ("/#product"). On the home page it scrolls there
 * directly; elsewhere it navigates to "/" and the home page scrolls to the section after
 * 100 ms (see useHashScroll). Modified clicks (new tab, ...) keep the browser's behaviour.
 */
export function HashLink({ section, onClick, children, ...props }: HashLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const hash = `#${section}`;

  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    if (location.pathname === '/') {
      const state: HashScrollState = { hashScrolled: true };
      navigate({ pathname: '/', hash }, { state, replace: location.hash === hash, preventScrollReset: true });
      if (scrollToSection(section)) focusSection(section);
    } else {
      navigate({ pathname: '/', hash });
    }
  }

  return (
    <a href={`/${hash}`} onClick={handleClick} {...props}>
      {children}
    </a>
  );
}
