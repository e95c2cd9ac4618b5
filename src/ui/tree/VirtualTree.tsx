import { useVirtualizer } from '@tanstack/react-virtual';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronSlot, Item, ItemText, Rows, TreeBox } from './virtual-tree.styles';

export interface VirtualTreeProps<N> {
  label: string;
  roots: readonly N[];
  nodeId(node: N): string;
  childrenOf(node: N): readonly N[];
  renderNode(node: N): ReactNode;
  /** CSS height of the scroll box. */
  height?: string;
}

interface VisibleRow<N> {
  node: N;
  id: string;
  level: number;
  posInSet: number;
  setSize: number;
  parentIndex: number;
  hasChildren: boolean;
}

const ROW_HEIGHT = 44;

/** The rows an expanded set shows, depth first; iterative so a deep tree cannot overflow the stack. */
function visibleRows<N>(roots: readonly N[], expanded: ReadonlySet<string>, nodeId: (n: N) => string, childrenOf: (n: N) => readonly N[]) {
  const rows: VisibleRow<N>[] = [];
  const stack: Array<{ nodes: readonly N[]; index: number; level: number; parentIndex: number }> = [
    { nodes: roots, index: 0, level: 1, parentIndex: -1 },
  ];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.index >= frame.nodes.length) {
      stack.pop();
      continue;
    }
    const node = frame.nodes[frame.index]!;
    frame.index += 1;
    const id = nodeId(node);
    const children = childrenOf(node);
    rows.push({ node, id, level: frame.level, posInSet: frame.index, setSize: frame.nodes.length, parentIndex: frame.parentIndex, hasChildren: children.length > 0 });
    if (children.length > 0 && expanded.has(id)) stack.push({ nodes: children, index: 0, level: frame.level + 1, parentIndex: rows.length - 1 });
  }
  return rows;
}

/**
 * A tree view for thousands of nodes: only the rows in view are in the DOM
 * (@tanstack/react-virtual), and it follows the WAI-ARIA tree pattern with
 * aria-activedescendant: arrows move and open or close, Home and End jump, Enter and
 * Space open or close, a click selects and opens or closes.
 */
export function VirtualTree<N>({ label, roots, nodeId, childrenOf, renderNode, height = '60vh' }: VirtualTreeProps<N>) {
  const baseId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [activeId, setActiveId] = useState<string | null>(null);
  const rows = useMemo(() => visibleRows(roots, expanded, nodeId, childrenOf), [roots, expanded, nodeId, childrenOf]);
  const activeIndex = Math.max(0, activeId === null ? 0 : rows.findIndex((r) => r.id === activeId));
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });
  const itemId = (index: number) => `${baseId}-item-${index}`;

  const toggle = (id: string, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const moveTo = (index: number) => {
    const row = rows[Math.min(Math.max(index, 0), rows.length - 1)];
    if (!row) return;
    setActiveId(row.id);
    virtualizer.scrollToIndex(rows.indexOf(row));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = rows[activeIndex];
    if (!row) return;
    const isOpen = expanded.has(row.id);
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(activeIndex + 1),
      ArrowUp: () => moveTo(activeIndex - 1),
      Home: () => moveTo(0),
      End: () => moveTo(rows.length - 1),
      ArrowRight: () => (row.hasChildren && !isOpen ? toggle(row.id, true) : row.hasChildren ? moveTo(activeIndex + 1) : undefined),
      ArrowLeft: () => (row.hasChildren && isOpen ? toggle(row.id, false) : row.parentIndex >= 0 ? moveTo(row.parentIndex) : undefined),
      Enter: () => row.hasChildren && toggle(row.id),
      ' ': () => row.hasChildren && toggle(row.id),
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <TreeBox
      ref={scrollRef}
      role="tree"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={rows.length > 0 ? itemId(activeIndex) : undefined}
      onKeyDown={onKeyDown}
      style={{ height }}
    >
      <Rows style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          const isOpen = row.hasChildren ? expanded.has(row.id) : undefined;
          return (
            <Item
              key={row.id}
              id={itemId(item.index)}
              role="treeitem"
              aria-level={row.level}
              aria-posinset={row.posInSet}
              aria-setsize={row.setSize}
              aria-expanded={isOpen}
              aria-selected={item.index === activeIndex}
              $level={row.level}
              $active={item.index === activeIndex}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onClick={() => {
                setActiveId(row.id);
                if (row.hasChildren) toggle(row.id);
              }}
            >
              <ChevronSlot aria-hidden="true">{row.hasChildren ? (isOpen ? '▾' : '▸') : ''}</ChevronSlot>
              <ItemText>{renderNode(row.node)}</ItemText>
            </Item>
          );
        })}
      </Rows>
    </TreeBox>
  );
}
