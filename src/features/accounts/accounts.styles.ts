import styled from 'styled-components';

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-bottom: 16px;

  & > :first-child {
    flex: 1 1 240px;
  }
`;

/** The drawer's content: positioned so the busy overlay covers exactly it. */
export const DrawerContent = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: 16px;
  min-height: 100%;
`;

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px 0;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};

  &:last-child {
    border-bottom: none;
  }
`;

export const SectionTitle = styled.h3`
  margin: 0;
  font-size: 1.0625rem;
`;

export const ItemList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

export const Item = styled.li`
  display: flex;
  align-items: center;
  gap: 8px;
  padding: 4px 0 4px 12px;
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.color.surfaceSunken};
`;

export const ItemText = styled.div`
  flex: 1 1 auto;
  min-width: 0;
  overflow-wrap: anywhere;

  & > strong {
    display: block;
  }
`;

export const Conflict = styled.span`
  color: ${({ theme }) => theme.color.error};
`;

export const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  gap: 16px;
`;

export const Card = styled.form`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.color.surface};
`;

export const CardTitle = styled.h4`
  margin: 0;
  font-size: 1rem;
`;

export const RowActions = styled.div`
  display: flex;
  flex-wrap: nowrap;
  gap: 0;

  & > * {
    flex-shrink: 0;
  }
`;

/** An icon button carrying a small badge (the account's alert). */
export const Badged = styled.span`
  position: relative;
  display: inline-flex;

  & > svg:last-child {
    position: absolute;
    top: 2px;
    right: 2px;
    width: 14px;
    height: 14px;
    color: ${({ theme }) => theme.color.error};
    pointer-events: none;
  }
`;

/** A link drawn as an icon button (44 px target). */
export const IconLink = styled.a`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: inherit;

  &:hover {
    background: ${({ theme }) => theme.color.accentSoft};
  }

  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;

/** One identity (domain and identity) of the cXML inbound card. */
export const IdentityFields = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 8px;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

/** Text cut after three lines with an ellipsis (the whole text stays in the DOM). */
export const ClampedText = styled.span`
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;
