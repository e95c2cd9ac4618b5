import { can, type Viewer } from '../../domain/roles';
import { VisuallyHidden } from '../../ui/page';
import { mainEntries, pinnedEntries, type MenuEntry } from './menu-items';
import { Item, List, Nav, SubList } from './side-menu.styles';
import { useCurrentPath } from './use-current-path';

interface SideMenuProps {
  id: string;
  viewer: Viewer;
  collapsed: boolean;
}

const within = (path: string, to: string) => path === to || path.startsWith(`${to}/`);

function Entries({ entries, viewer, collapsed, path, sub = false }: { entries: readonly MenuEntry[]; viewer: Viewer; collapsed: boolean; path: string; sub?: boolean }) {
  const Of = sub ? SubList : List;
  return (
    <Of>
      {entries
        .filter((entry) => can(viewer, entry.capability))
        .map((entry) => {
          const children = (entry.children ?? []).filter((child) => can(viewer, child.capability));
          // On a sub-entry's screen, that entry is the current page, not its area's entry as well.
          const childShown = children.some((child) => within(path, child.to));
          return (
            <li key={entry.to}>
              {/* Collapsed, the label is only read out; the tooltip shows it to sighted users. */}
              <Item to={entry.to} activeOptions={{ exact: childShown }} title={collapsed ? entry.label : undefined} $sub={sub && !collapsed}>
                {entry.icon}
                {collapsed ? <VisuallyHidden>{entry.label}</VisuallyHidden> : <span>{entry.label}</span>}
              </Item>
              {children.length > 0 && <Entries entries={children} viewer={viewer} collapsed={collapsed} path={path} sub />}
            </li>
          );
        })}
    </Of>
  );
}

export function SideMenu({ id, viewer, collapsed }: SideMenuProps) {
  const path = useCurrentPath();
  return (
    <Nav id={id} aria-label="Main navigation" $collapsed={collapsed}>
      <Entries entries={mainEntries} viewer={viewer} collapsed={collapsed} path={path} />
      <Entries entries={pinnedEntries} viewer={viewer} collapsed={collapsed} path={path} />
    </Nav>
  );
}
