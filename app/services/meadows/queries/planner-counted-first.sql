-- planner: the page
with
  counted as materialized (
    select
      m.id,
      m.sort_name,
      m.price_amount,
      m.created_at
    from
      meadows m
    where
      m.crops && $1::text[]
      and multirange_contains_elem (
        m.open_minutes,
        case
          when m.country in ($2) then $3::int4
          else $4::int4
        end
      )
    limit
      $5
  ),
  page as (
    (
      select
        m.id,
        row_number() over (
          order by
            m.sort_name,
            m.id
        ) as ord
      from
        counted m
      where
        (
          select
            count(*)
          from
            counted
        ) <= $6
      order by
        m.sort_name,
        m.id
      limit
        $7
      offset
        $8
    )
    union all
    (
      select
        m.id,
        row_number() over (
          order by
            m.sort_name,
            m.id
        ) as ord
      from
        meadows m
      where
        m.crops && $9::text[]
        and multirange_contains_elem (
          m.open_minutes,
          case
            when m.country in ($10) then $11::int4
            else $12::int4
          end
        )
        and (
          select
            count(*)
          from
            counted
        ) > $13
      order by
        m.sort_name,
        m.id
      limit
        $14
      offset
        $15
    )
  )
select
  m.id,
  m.name,
  m.city,
  m.country,
  m.price_text,
  m.price_amount,
  m.lat,
  m.lng,
  m.is_demo,
  m.created_at,
  m.crops,
  m.crop_months,
  m.hours_syntax,
  (
    select
      json_build_object(
        'keyPrefix',
        ph.key_prefix,
        'width',
        ph.width,
        'height',
        ph.height,
        'placeholder',
        ph.placeholder
      )
    from
      photos ph
    where
      ph.meadow_id = m.id
    order by
      ph.created_at,
      ph.id
    limit
      1
  ) as first_photo,
  (
    select
      count(*)::int
    from
      counted
  ) as matches
from
  page p
  join meadows m on m.id = p.id
order by
  p.ord

-- $1 = "{dahlia}"
-- $2 = "GB"
-- $3 = 51060
-- $4 = 51120
-- $5 = 201
-- $6 = 200
-- $7 = 21
-- $8 = 0
-- $9 = "{dahlia}"
-- $10 = "GB"
-- $11 = 51060
-- $12 = 51120
-- $13 = 200
-- $14 = 21
-- $15 = 0

-- planner: the count past the last page
select
  (
    select
      count(*)::int
    from
      (
        select
          1
        from
          meadows m
        where
          m.crops && $1::text[]
          and multirange_contains_elem (
            m.open_minutes,
            case
              when m.country in ($2) then $3::int4
              else $4::int4
            end
          )
        limit
          $5
      ) as capped
  )

-- $1 = "{dahlia}"
-- $2 = "GB"
-- $3 = 51060
-- $4 = 51120
-- $5 = 201
